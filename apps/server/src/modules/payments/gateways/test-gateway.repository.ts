import type { Insertable, Kysely } from 'kysely'
import type {
  Database,
  TestGatewayCardTable,
  TestGatewayPaymentTable,
  TestGatewayRefundTable,
} from '../../../db/schema.js'

/** What the offline test gateway keeps, as Stripe would keep it: saved cards and payments. */
export class TestGatewayRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A saved card, when it is this customer's. */
  card(id: string, customerId: string) {
    return this.db
      .selectFrom('test_gateway_cards')
      .selectAll()
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst()
  }

  /** The customer's saved cards, newest first. */
  cards(customerId: string) {
    return this.db
      .selectFrom('test_gateway_cards')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .execute()
  }

  async saveCard(card: Insertable<TestGatewayCardTable>) {
    await this.db.insertInto('test_gateway_cards').values(card).execute()
  }

  /** The payment made for an idempotency key, if any. */
  paymentByKey(key: string) {
    return this.db.selectFrom('test_gateway_payments').selectAll().where('idempotency_key', '=', key).executeTakeFirst()
  }

  payment(id: string) {
    return this.db.selectFrom('test_gateway_payments').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** Records a payment; throws when one with its idempotency key exists already. */
  async savePayment(payment: Insertable<TestGatewayPaymentTable>) {
    await this.db.insertInto('test_gateway_payments').values(payment).execute()
  }

  refundByKey(key: string) {
    return this.db.selectFrom('test_gateway_refunds').selectAll().where('idempotency_key', '=', key).executeTakeFirst()
  }

  /** What has gone back on a payment so far, minor units. */
  async refunded(paymentId: string) {
    const row = await this.db
      .selectFrom('test_gateway_refunds')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('payment_id', '=', paymentId)
      .executeTakeFirst()
    return Number(row?.total ?? 0)
  }

  /** Records a refund; throws when one with its idempotency key exists already. */
  async saveRefund(refund: Insertable<TestGatewayRefundTable>) {
    await this.db.insertInto('test_gateway_refunds').values(refund).execute()
  }
}
