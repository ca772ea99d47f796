import path from 'node:path';
import { bundle, createConfig } from '@redocly/openapi-core';

export interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; example?: unknown; schema?: Record<string, unknown> }[];
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
export interface Bundled {
  paths: Record<string, Record<string, Operation>>;
}

/** openapi.yaml with every $ref (to components and to schemas/) replaced by its target. */
export async function bundledContract(root = '.'): Promise<Bundled> {
  const config = await createConfig({ extends: ['minimal'] });
  const { bundle: doc } = await bundle({ ref: path.resolve(root, 'openapi.yaml'), config, dereference: true });
  return doc.parsed as Bundled;
}
