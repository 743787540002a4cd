export { SimulatePage } from '../../features/simulate/simulate-page'
