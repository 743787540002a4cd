import { AdminChannelUpdateSchema } from '@fieldhouse/contract'
import { ChannelDomains } from '../components/channel-domains'
import type { FieldConfig } from '../fields'
import { SingletonPage } from './singleton-page'

const fields: readonly FieldConfig[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  {
    name: 'language',
    label: 'Language',
    kind: 'select',
    required: true,
    options: [
      { value: 'en', label: 'English' },
      { value: 'fr', label: 'French' },
      { value: 'bg', label: 'Bulgarian' },
    ],
  },
  { name: 'currency', label: 'Currency', kind: 'text', required: true, hint: 'A three-letter code such as USD.' },
  { name: 'time_zone', label: 'Time zone', kind: 'timezone', required: true },
]

/** The channel: name, language, currency, time zone; and its domains, which only owners change (decision 0041). */
export default function ChannelPage() {
  return (
    <>
      <SingletonPage resource="channel" title="Channel" fields={fields} schema={AdminChannelUpdateSchema} />
      <ChannelDomains />
    </>
  )
}
