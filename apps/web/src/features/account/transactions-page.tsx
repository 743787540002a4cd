import { formatPrice } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { EmptyState, QueryStates } from '../../components/ui/load-states'
import { useTransactions } from '../../lib/entities/account/use-transactions'
import { useDocumentTitle } from '../../lib/navigation/use-document-title'
import { transactionTypeKey } from './order-display'
import { ProfileSection } from './profile-section'
import '../../components/ui/labels.css'
import './orders.css'

/** Profile transactions: every payment — New subscription, Subscription Renewal, Purchase (spec §4). */
export function TransactionsPage() {
  const { t, i18n } = useTranslation()
  useDocumentTitle(t('profile.transactions'))
  const transactions = useTransactions()
  return (
    <ProfileSection titleId="transactions-title" title={t('profile.transactions')} lead={t('profile.transactionsLead')}>
      <QueryStates query={transactions} />
      {transactions.data && transactions.data.length === 0 ? (
        <EmptyState>{t('checkout.transactionsNone')}</EmptyState>
      ) : null}
      {transactions.data && transactions.data.length > 0 ? (
        <div className="transactions-scroll">
          <table className="transactions-table" data-testid="transactions">
            <thead>
              <tr>
                <th scope="col">{t('checkout.txDate')}</th>
                <th scope="col">{t('checkout.txType')}</th>
                <th scope="col">{t('checkout.txProduct')}</th>
                <th scope="col" className="transactions-table__amount">
                  {t('checkout.txAmount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {transactions.data.map((tx) => (
                <tr key={tx.id} data-testid="transaction" data-type={tx.type}>
                  <td className="transactions-table__date">
                    {new Date(tx.created_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}
                  </td>
                  <td>
                    {t(transactionTypeKey(tx.type))}
                    {tx.status === 'failed' ? (
                      <span className="order-label order-label--bad">{t('checkout.status_failed')}</span>
                    ) : null}
                  </td>
                  <td>{tx.product_name}</td>
                  <td className="transactions-table__amount">{formatPrice(tx.amount, tx.currency, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </ProfileSection>
  )
}
