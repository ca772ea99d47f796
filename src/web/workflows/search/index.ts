import type { WebWorkflow } from '../workflow.ts';

/** One search box for the whole company (Ctrl+K): its bar sits in the top bar; it has no page of its own. */
export const search: WebWorkflow = { name: 'search' };

export { SearchLauncher } from './SearchLauncher.tsx';
