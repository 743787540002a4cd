import { AdminChannelUpdateSchema } from '@fieldhouse/contract'
import { ChannelDomains } from '../components/channel-domains'
import type { FieldConfig } from '../fields'
import { useConsoleText } from '../words'
import { SingletonPage } from './singleton-page'

const fields: readonly FieldConfig[] = [
  { name: 'name', label: 'channel.name', kind: 'text', required: true },
  {
    name: 'language',
    label: 'channel.language',
    kind: 'select',
    required: true,
    options: [
      { value: 'en', label: 'channel.english' },
      { value: 'fr', label: 'channel.french' },
      { value: 'bg', label: 'channel.bulgarian' },
    ],
  },
  { name: 'currency', label: 'channel.currency', kind: 'text', required: true, hint: 'channel.currencyHint' },
  { name: 'time_zone', label: 'channel.timeZone', kind: 'timezone', required: true },
]

/** The channel: name, language, currency, time zone; and its domains, which only owners change (decision 0041). */
export default function ChannelPage() {
  const t = useConsoleText()
  return (
    <>
      <SingletonPage resource="channel" title={t('channel.title')} fields={fields} schema={AdminChannelUpdateSchema} />
      <ChannelDomains />
    </>
  )
}
