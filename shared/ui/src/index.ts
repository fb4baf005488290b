export { ThemeToggle } from './theme-toggle.tsx';
export { ModalDialog, type ModalDialogProps } from './modal-dialog.tsx';
export { KeishaLogo, type KeishaLogoProps } from './logo.tsx';
export { ConfirmAddressNotice, CONFIRM_ADDRESS_TITLE, type ConfirmAddressNoticeProps } from './confirm-address/confirm-address-notice.tsx';
export {
  useAddressConfirmation,
  LINK_SENT,
  STILL_UNCONFIRMED,
  type AddressConfirmation,
  type ConfirmationNote,
  type ConfirmationState,
} from './confirm-address/use-address-confirmation.ts';
/** Class names for the site's pill buttons: `primary`, `secondary`, and `small` beside either. */
export { default as buttonStyles } from './button.module.css';
/** Class names for a page that says one thing in a card at its centre (see status-card.module.css). */
export { default as statusCardStyles } from './status-card.module.css';
export { AccountChip, type AccountChipProps } from './account-chip.tsx';
/** Class names for a remote's whole page (`screen`: a full-height column in the theme's colours). */
export { default as pageFrameStyles } from './page-frame.module.css';
/** Class names for a form of labelled fields (form, alert, field, label, input, submit, forgot). */
export { default as formStyles } from './form.module.css';
export { useFocusKeptWhileBusy } from './use-focus-kept-while-busy.ts';
/** Class names for a bordered box on the surface colour (`card`; --k-card-padding and --k-card-radius). */
export { default as cardStyles } from './card.module.css';
/** Class names for a titled part of a settings-like page (section, heading, muted). */
export { default as sectionStyles } from './section.module.css';
export { LoadProblem, type LoadProblemProps } from './load-problem.tsx';
export { usePageLoader, type PageLoader, type PageLoadStatus } from './use-page-loader.ts';
export { useLoaded, type Loaded } from './use-loaded.ts';
export { FactList, type Fact, type FactListProps } from './fact-list.tsx';
export { LabelledField, type LabelledFieldProps, type FieldControlProps } from './labelled-field.tsx';
export { usePlanCancellation, cancelRefusalMessage, type PlanCancellationStep } from './plan-cancellation/use-plan-cancellation.ts';
/** Class names for a table with a line under each cell (`table`; --k-cell-padding and --k-cell-align). */
export { default as tableStyles } from './table.module.css';
export { InlineField, type InlineFieldProps } from './inline-field.tsx';
/** Class names for a pill-shaped label (`pill` with `accent` or `outlined`; --k-pill-padding, -size, -weight). */
export { default as pillStyles } from './pill.module.css';
export { AccountPageLinks, ACCOUNT_PAGE_LINKS, type AccountPageLinksProps } from './account-page-links.tsx';
