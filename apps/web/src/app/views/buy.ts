export { BuyPage } from '../../features/checkout/buy-page'
export { PackagesPage } from '../../features/checkout/packages-page'
export { SelectPackagePage } from '../../features/checkout/select-package-page'
