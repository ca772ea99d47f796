import type { Access } from '../../domain/accessRules.ts';
import type { ApiOperation, OperationId } from '../../domain/apiOperations.ts';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import type { Contract } from '../contract/contract.ts';
import type { Db } from '../db/Db.ts';
import type { AnyRequest } from '../http/handler.ts';
import type { CrudRepository, Row } from './crudRepository.ts';
import type { EntityModel } from './entityModel.ts';
import type { ExportGates } from './exportGates.ts';

/** A resource stored in a table: its generated definition, its columns and its repository. */
export interface Resource<T extends object = Row> {
  definition: ResourceDefinition;
  model: EntityModel;
  repo: CrudRepository<T>;
}

/** A check the generic create and update run before they write, and what must follow a write. */
export interface WriteRule<C> {
  before?(ctx: C, body: Row, id: number | null): Promise<void>;
  after?(ctx: C, saved: Row): Promise<void>;
}

/** What the generic handlers and the export need of the application (the app's context has more). */
export interface CrudContext {
  db: Db;
  contract: Contract;
  /** Resources stored in a table, by type name (Agent, TrattativaCp...). */
  resources: ReadonlyMap<string, Resource>;
  /** A stored resource by its resource name (agent, famigliaMezzo...). */
  resourceNamed(name: string): Resource | undefined;
  /** Every resource definition by name, stored or not. */
  definitions: ReadonlyMap<string, ResourceDefinition>;
  /**
   * What an operation runs, by operationId, with this context (or `within`, the same app bound to a
   * transaction): lets one call reuse another (the export reuses the list, an import the create and update).
   */
  handler(operationId: OperationId, within?: this): ((req: AnyRequest) => Promise<unknown>) | undefined;
  /** Who may export the list of this list operation: its own roles, never the lookup rule. */
  exportAccess(op: ApiOperation): Access;
  /**
   * The fields a reader with these roles may see of a resource's records: null for the whole record,
   * else the lookup projection (what a picker needs).
   */
  readableFields(typeName: string, roles: readonly string[] | null): readonly string[] | null;
  /** One export per user at a time, a few in all. */
  exportGates: ExportGates;
}
