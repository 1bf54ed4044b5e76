/** The data-export feature's public face (ADR 0045): "Download my data" (issue 31, ADR 0078). */
export { DownloadDataButton } from './download-data-button.tsx';
