import { describe, expect, it } from 'vitest';
import { closedDropdown, dropdownReducer, type DropdownEvent, type DropdownState } from './dropdown-state.ts';

function run(events: DropdownEvent[], from: DropdownState = closedDropdown): DropdownState {
  return events.reduce(dropdownReducer, from);
}

const leave = (keyboardFocusInside = false): DropdownEvent => ({ type: 'pointer-leave', keyboardFocusInside });

describe('dropdownReducer', () => {
  it('opens on hover and closes when the pointer leaves', () => {
    expect(run([{ type: 'pointer-enter' }])).toEqual({ open: true, pinned: false });
    expect(run([{ type: 'pointer-enter' }, leave()])).toEqual(closedDropdown);
  });

  it('opens on keyboard focus and closes when focus leaves', () => {
    expect(run([{ type: 'focus-in' }]).open).toBe(true);
    expect(run([{ type: 'focus-in' }, { type: 'focus-out' }]).open).toBe(false);
  });

  it('opens on click from closed, and a second click closes it', () => {
    expect(run([{ type: 'activate' }])).toEqual({ open: true, pinned: true });
    expect(run([{ type: 'activate' }, { type: 'activate' }])).toEqual(closedDropdown);
  });

  it('keeps a hover-opened menu open when it is clicked (the mouse way of opening it)', () => {
    const state = run([{ type: 'pointer-enter' }, { type: 'focus-in' }, { type: 'activate' }]);
    expect(state).toEqual({ open: true, pinned: true });
    expect(run([leave()], state).open).toBe(true);
  });

  it('does not close under a passing mouse while a keyboard user is inside', () => {
    expect(run([{ type: 'focus-in' }, { type: 'pointer-enter' }, leave(true)]).open).toBe(true);
  });

  it.each(['escape', 'focus-out', 'dismiss'] as const)('closes a pinned menu on %s', (type) => {
    expect(run([{ type: 'activate' }, { type }])).toEqual(closedDropdown);
  });

  it('returns the same state object when nothing changes, so React skips a render', () => {
    const open = run([{ type: 'pointer-enter' }]);
    expect(dropdownReducer(open, { type: 'focus-in' })).toBe(open);
    expect(dropdownReducer(closedDropdown, { type: 'escape' })).toBe(closedDropdown);
  });
});
