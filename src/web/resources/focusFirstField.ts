const FIELDS = 'input, textarea, select, [role="combobox"], [contenteditable="true"]';

/** Whether a form control can take typed input: shown, reachable by Tab, neither disabled nor read-only. */
function editable(el: HTMLElement): boolean {
  if (el.tabIndex < 0 || el.getClientRects().length === 0 || el.closest('[aria-hidden="true"]')) return false;
  if (el instanceof HTMLInputElement) return el.type !== 'hidden' && !el.disabled && !el.readOnly;
  if (el instanceof HTMLTextAreaElement) return !el.disabled && !el.readOnly;
  if (el instanceof HTMLSelectElement) return !el.disabled;
  return el.getAttribute('aria-disabled') !== 'true' && el.getAttribute('aria-readonly') !== 'true';
}

/** Puts the caret in the first field one can type into, so that typing starts at once. */
export function focusFirstField(container: HTMLElement | null): boolean {
  const first = [...(container?.querySelectorAll<HTMLElement>(FIELDS) ?? [])].find(editable);
  first?.focus();
  return !!first;
}
