import { AdminChannelUpdateSchema } from '@fieldhouse/contract'
import type { FieldConfig } from '../fields'
import { SingletonPage } from './singleton-page'

const fields: readonly FieldConfig[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  {
    name: 'domains',
    label: 'Domains',
    kind: 'list',
    required: true,
    hint: 'One host name a line, e.g. tv.example.org. Viewers reach the channel at each of them.',
  },
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

/** The channel: name, domains, language, currency, time zone. */
export default function ChannelPage() {
  return <SingletonPage resource="channel" title="Channel" fields={fields} schema={AdminChannelUpdateSchema} />
}
