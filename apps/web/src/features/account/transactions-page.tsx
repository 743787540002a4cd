import { currencySymbol } from '@fieldhouse/contract'
import { useTranslation } from 'react-i18next'
import { EmptyState, LoadError, LoadingStatus } from '../../components/ui/load-states'
import { useDocumentTitle } from '../channel/use-document-title'
import { useTransactions } from '../checkout/api/commerce-api'
import { money } from '../checkout/checkout-logic'
import '../checkout/checkout.css'

/** Profile transactions: every payment — purchases, new subscriptions and renewals (spec §4 types). */
export function TransactionsPage() {
  const { t, i18n } = useTranslation()
  useDocumentTitle(t('profile.transactions'))
  const transactions = useTransactions()
  return (
    <section className="profile-section" aria-labelledby="transactions-title">
      <h2 id="transactions-title" className="profile-section__title">
        {t('profile.transactions')}
      </h2>
      <p className="profile-section__lead">{t('profile.transactionsLead')}</p>
      {transactions.isPending ? <LoadingStatus /> : null}
      {transactions.isError ? <LoadError onRetry={() => void transactions.refetch()} /> : null}
      {transactions.data && transactions.data.length === 0 ? (
        <EmptyState>{t('checkout.transactionsNone')}</EmptyState>
      ) : null}
      {transactions.data && transactions.data.length > 0 ? (
        <table className="transactions-table" data-testid="transactions">
          <thead>
            <tr>
              <th scope="col">{t('checkout.txDate')}</th>
              <th scope="col">{t('checkout.txType')}</th>
              <th scope="col">{t('checkout.txProduct')}</th>
              <th scope="col">{t('checkout.txAmount')}</th>
            </tr>
          </thead>
          <tbody>
            {transactions.data.map((tx) => (
              <tr key={tx.id}>
                <td>{new Date(tx.created_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}</td>
                <td>{tx.type}</td>
                <td>{tx.product_name}</td>
                <td>{money(tx.amount, currencySymbol(tx.currency))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
