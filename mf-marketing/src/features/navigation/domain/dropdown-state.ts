/**
 * The news-network dropdown opens on hover, on keyboard focus and on click. A click (or Enter/Space)
 * "pins" it, so moving the mouse away no longer closes it; Escape, leaving with focus, clicking
 * outside or choosing an item closes it.
 */
export interface DropdownState {
  open: boolean;
  pinned: boolean;
}

export type DropdownEvent =
  | { type: 'pointer-enter' }
  /** `keyboardFocusInside`: a keyboard user is inside the menu, so a passing mouse must not close it. */
  | { type: 'pointer-leave'; keyboardFocusInside: boolean }
  | { type: 'focus-in' }
  | { type: 'focus-out' }
  | { type: 'activate' }
  | { type: 'escape' }
  | { type: 'dismiss' };

export const closedDropdown: DropdownState = { open: false, pinned: false };

export function dropdownReducer(state: DropdownState, event: DropdownEvent): DropdownState {
  switch (event.type) {
    case 'pointer-enter':
    case 'focus-in':
      return state.open ? state : { open: true, pinned: false };
    case 'pointer-leave':
      return state.pinned || event.keyboardFocusInside ? state : closedDropdown;
    case 'activate':
      // Hover or focus already opened it: the click confirms the choice instead of undoing it.
      if (state.open && !state.pinned) return { open: true, pinned: true };
      return state.open ? closedDropdown : { open: true, pinned: true };
    case 'focus-out':
    case 'escape':
    case 'dismiss':
      return state.open || state.pinned ? closedDropdown : state;
  }
}
