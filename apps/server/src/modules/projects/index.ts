/** The projects module's public face: what other modules and the server's shared code may use. */
export { expectedColumns, fieldsOfColumns } from './columns.ts';
export { presentRecipient } from './presenter.ts';
export { checkImportedEmails, cleanRecipients } from './recipient-rows.ts';
export {
  addRecipients,
  createProject,
  deleteProject,
  findProject,
  findRecipient,
  readProjectCounters,
  type Viewer,
  visibleProjects,
} from './service.ts';
