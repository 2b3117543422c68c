/** The store module's public face: what other modules and the server's shared code may use. */
export { fieldLabel, projectDataFields } from './data-fields.ts';
export { assertOwnAccount } from './scope.ts';
export { projectLabelColumns, searchConditions } from './search.ts';
