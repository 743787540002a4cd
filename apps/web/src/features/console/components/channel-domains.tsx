import { type AdminDomain, AdminDomainCreateSchema } from '@fieldhouse/contract'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FormMessage, TextField } from '../../../components/ui/form-field'
import { PageLoader } from '../../../components/ui/spinner'
import { errorText } from '../../../lib/api/error-text'
import { allowed } from '../access'
import { useAddDomain, useDomains, useRemoveDomain, useVerifyDomain } from '../api/use-domains'
import { useOperator } from '../operator-context'
import { useConsoleText } from '../words'
import { TableBox } from './data-table'
import { Fact } from './fact'
import { SubmitActions } from './submit-actions'

type Notice = { tone: 'error' | 'success'; text: string } | null

/** A new domain (owners): it is added pending, with the TXT record to create at its DNS. */
function AddDomainForm() {
  const t = useConsoleText()
  const add = useAddDomain()
  const [host, setHost] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [notice, setNotice] = useState<Notice>(null)
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setNotice(null)
    const parsed = AdminDomainCreateSchema.safeParse({ host })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    try {
      const added = await add.mutateAsync(parsed.data.host)
      setHost('')
      setNotice({ tone: 'success', text: t('domains.added', { host: added.host }) })
    } catch (failure) {
      setNotice({ tone: 'error', text: errorText(failure) ?? t('domains.notAdded') })
    }
  }
  return (
    <form className="console-form" noValidate onSubmit={handleSubmit}>
      <h3>{t('domains.add')}</h3>
      <TextField
        label={t('domains.newDomain')}
        autoComplete="off"
        hint={t('domains.newHint')}
        value={host}
        error={error}
        onChange={(event) => setHost(event.target.value)}
      />
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      <SubmitActions disabled={add.isPending}>{t('domains.addDomain')}</SubmitActions>
    </form>
  )
}

/** A pending domain's TXT record: its name and the value it must hold. */
function ChallengeRecord({ record }: { record: NonNullable<AdminDomain['record']> }) {
  const t = useConsoleText()
  return (
    <dl className="console-dl console-domains__record">
      {(
        [
          [t('domains.txtRecord'), record.name],
          [t('domains.value'), record.value],
        ] as const
      ).map(([term, code]) => (
        <Fact key={term} term={term}>
          <code>{code}</code>
        </Fact>
      ))}
    </dl>
  )
}

/** Verify (a pending domain) and Remove (any but the channel's last verified one, which stays). */
function DomainActions({
  domain,
  removable,
  onNotice,
}: {
  domain: AdminDomain
  removable: boolean
  onNotice: (notice: Notice) => void
}) {
  const t = useConsoleText()
  const verify = useVerifyDomain()
  const remove = useRemoveDomain()
  const handleVerify = () => {
    onNotice(null)
    verify.mutate(domain.id, {
      onSuccess: (done) => onNotice({ tone: 'success', text: t('domains.verified', { host: done.host }) }),
      onError: (failure) => onNotice({ tone: 'error', text: errorText(failure) ?? t('domains.notVerified') }),
    })
  }
  const handleRemove = () => {
    const what = domain.state === 'verified' ? t('domains.stopReaching') : ''
    if (!window.confirm(t('domains.confirmRemove', { host: domain.host, what }))) return
    onNotice(null)
    remove.mutate(domain.id, {
      onError: (failure) => onNotice({ tone: 'error', text: errorText(failure) ?? t('domains.notRemoved') }),
    })
  }
  return (
    <span className="console-domains__actions">
      {domain.state === 'pending' ? (
        <Button
          disabled={verify.isPending}
          aria-label={t('domains.verifyNamed', { host: domain.host })}
          onClick={handleVerify}
        >
          {verify.isPending ? t('domains.checking') : t('domains.verify')}
        </Button>
      ) : null}
      {removable ? (
        <Button
          variant="danger"
          disabled={remove.isPending}
          aria-label={t('domains.removeNamed', { host: domain.host })}
          onClick={handleRemove}
        >
          {t('domains.remove')}
        </Button>
      ) : null}
    </span>
  )
}

/**
 * The channel's domains (decision 0041): each verified, or pending with the TXT record that proves it.
 * Owners add, verify and remove them; every other role reads them.
 */
export function ChannelDomains() {
  const t = useConsoleText()
  const me = useOperator()
  const canChange = allowed(me, 'create', 'domains')
  const list = useDomains()
  const headingId = useId()
  const [notice, setNotice] = useState<{ id: number; notice: NonNullable<Notice> } | null>(null)
  const noticeFor = (id: number) => (next: Notice) => setNotice(next ? { id, notice: next } : null)
  const verifiedCount = list.data?.filter((d) => d.state === 'verified').length ?? 0
  return (
    <section className="console-domains" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('domains.title')}</h2>
      <p className="console-lead">{t('domains.lead')}</p>
      {canChange ? null : <p className="console-readonly">{t('domains.onlyOwners')}</p>}
      {list.isPending ? <PageLoader /> : null}
      {list.isError ? <FormMessage tone="error">{errorText(list.error) ?? t('common.didNotLoad')}</FormMessage> : null}
      {list.data ? (
        <TableBox
          caption={t('domains.caption')}
          busy={list.isFetching}
          headers={[t('domains.domain'), t('domains.state')]}
          actions={canChange}
        >
          {list.data.map((domain) => (
            <tr key={domain.id}>
              <th scope="row" className="console-table__name">
                {domain.host}
                {domain.primary ? <span className="console-domains__primary">{t('domains.primary')}</span> : null}
              </th>
              <td>
                <span className={`console-live-badge${domain.state === 'verified' ? ' is-verified' : ''}`}>
                  {t(domain.state === 'verified' ? 'domains.stateVerified' : 'domains.statePending')}
                </span>
                {domain.record ? <ChallengeRecord record={domain.record} /> : null}
                {notice && notice.id === domain.id ? (
                  <FormMessage tone={notice.notice.tone}>{notice.notice.text}</FormMessage>
                ) : null}
              </td>
              {canChange ? (
                <td>
                  <DomainActions
                    domain={domain}
                    removable={domain.state === 'pending' || verifiedCount > 1}
                    onNotice={noticeFor(domain.id)}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </TableBox>
      ) : null}
      {canChange ? <AddDomainForm /> : null}
    </section>
  )
}
