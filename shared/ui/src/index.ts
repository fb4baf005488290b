export { ThemeToggle } from './theme-toggle.tsx';
export { ModalDialog, type ModalDialogProps } from './modal-dialog.tsx';
export { KeishaLogo, type KeishaLogoProps } from './logo.tsx';
