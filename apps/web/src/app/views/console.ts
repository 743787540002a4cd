// The operator console's chunk (`/admin/*`): the viewer's pages import nothing of it.
export { ConsoleApp } from '../../features/console/console-app'
