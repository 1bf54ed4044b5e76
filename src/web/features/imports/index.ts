/** The imports feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { ImportDialog } from './import-dialog.tsx';
export { ImportFilesOption } from './import-files-option.tsx';
