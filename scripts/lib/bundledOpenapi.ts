import path from 'node:path';
import { bundle, createConfig } from '@redocly/openapi-core';

/**
 * openapi.yaml as one JSON document: the schemas/ files become components and
 * every $ref is internal. The server validates requests and responses against it.
 */
export async function bundledOpenapi(root: string): Promise<string> {
  const config = await createConfig({ extends: ['minimal'] });
  const { bundle: doc } = await bundle({ ref: path.join(root, 'openapi.yaml'), config });
  return `${JSON.stringify(doc.parsed, null, 1)}\n`;
}
