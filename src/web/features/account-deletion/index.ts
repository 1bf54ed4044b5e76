/** The account-deletion feature's public face (ADR 0045): all that app/ and other features may import from it. */
export { DeleteAccountButton } from './delete-account-button.tsx';
