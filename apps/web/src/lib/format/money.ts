/** Money as the spec shows it: symbol and two decimals ("−" before a discount). */
export const money = (amount: number, symbol: string) =>
  `${amount < 0 ? '−' : ''}${symbol}${Math.abs(amount).toFixed(2)}`
