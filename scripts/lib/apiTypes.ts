import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

/** Path, operation and component types of openapi.yaml, for openapi-fetch. */
export async function apiTypes(root: string, banner: string): Promise<string> {
  const ast = await openapiTS(pathToFileURL(path.join(root, 'openapi.yaml')), {
    alphabetize: false,
    immutable: false,
    silent: true,
  });
  return `${banner}\n${astToString(ast)}`;
}
