import type { ServerModule } from '../../context.ts';
import { searchHandlers } from './searchHandlers.ts';

/**
 * One search box for the whole company (issue 31): the index `ricerca`, kept by the database's triggers
 * (migrations/0005_ricerca.sql), read with each workflow's visibility rule through its door.
 */
export const searchModule: ServerModule = { handlers: searchHandlers };
