import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cyclesBetweenDoors,
  cyclesOf,
  domainImportsFrom,
  importsOf,
  importsPastTheDoor,
  pdfmakeSetUpOutside,
  schemaChangesOutside,
  sqlOutsideRepositories,
  tableOutsideItsOwner,
  tablesNamedInSql,
  tablesWithoutOwner,
} from './serverLayering.ts';
import { crossWorkflowImports, longComponents, unlisted, WORKFLOWS_DIR, type SourceFile } from './webRules.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** Code without its comments, so that a comment may name an example without the code knowing it. */
const code = (file: string) =>
  fs
    .readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Every resource of schemas/: its resource name (famigliaMezzo) and type name (FamigliaMezzo). */
function entityNames(): string[] {
  return fs
    .readdirSync(path.join(ROOT, 'schemas'))
    .filter((f) => f.endsWith('.json') && f !== 'common.json')
    .flatMap((f) => {
      const camel = f.replace(/\.json$/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      return [camel, camel.charAt(0).toUpperCase() + camel.slice(1)];
    });
}

describe('generic layers name no entity', () => {
  const names = entityNames();
  // A name as a string (ctx.resource('User'), 'ordinamento' is a field, not an entity) or as a type.
  const pattern = new RegExp(
    `(['"\`](${names.join('|')})['"\`])|\\b(${names.filter((n) => /^[A-Z]/.test(n)).join('|')})\\b`,
  );

  it.each(['src/server/crud', 'src/web/resources', 'src/web/fields'])('%s', (dir) => {
    const found = sources(dir).flatMap((file) =>
      code(file)
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

describe('folders import each other in one direction only', () => {
  /** Imports between folders of src/ and generated/ (a file's folder to the folder of what it imports, types included). */
  function folderGraph(): Map<string, Set<string>> {
    const files = [...sources('src'), ...sources('generated')];
    const imports = new Map(files.map((file) => [file, importsOf(file, code(file))]));
    // A file that imports nothing (the x-resource vocabulary types) can close no cycle: it stands alone.
    const node = (file: string) => (imports.get(file)?.length === 0 ? file : path.dirname(file));
    const graph = new Map<string, Set<string>>();
    for (const file of files) {
      const from = node(file);
      for (const target of imports.get(file) ?? []) {
        const to = node(target);
        if (to === from || !/^(src|generated)/.test(to)) continue;
        // A folder and the folders inside it are one unit: its index may use them and they its types.
        if (to.startsWith(`${from}/`) || from.startsWith(`${to}/`)) continue;
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)?.add(to);
      }
    }
    return graph;
  }

  it('has no cycle', () => {
    expect(cyclesOf(folderGraph())).toEqual([]);
  });
});

describe('the server and the browser share only src/domain', () => {
  it.each([
    ['src/server', 'src/web'],
    ['src/web', 'src/server'],
  ])('%s imports nothing of %s', (from, other) => {
    const found = sources(from).flatMap((file) =>
      importsOf(file, code(file))
        .filter((target) => target.startsWith(`${other}/`))
        .map((target) => `${file} -> ${target}`),
    );
    expect(found).toEqual([]);
  });
});

// The server's workflows, each behind one door (tests/system/serverLayering.ts holds the checks).
const SERVER_GENERIC_LAYERS = ['src/server/crud', 'src/server/db', 'src/server/storage'];
/** Files that hold SQL outside a repository, each with why. */
const SQL_EXCEPTIONS: Readonly<Record<string, string>> = {
  'src/server/app.ts': 'fills the one row of each single-row table at start: a loop over the schemas, naming no table',
  'src/server/auth/loginGuard.ts': 'the store of sign-in attempts ("loginAttempt"), a table of auth alone',
  'src/server/auth/refreshTokens.ts': 'the store of sessions ("refreshToken", "endedSession"), tables of auth alone',
  'src/server/plugins/hub.ts': "pg_notify on the hub's own channel: no table",
  'src/server/domains/inventory/inventoryFixture.ts': 'a test fixture (used by the inventory tests only)',
  'src/server/seed/seed.ts': 'the first admin and the demo settings, written before any request can go through a door',
  'src/server/seed/demoWorkflows.ts':
    'the demo\'s own claim row ("demoDati"), and demo records aged as if made weeks ago',
  'src/server/seed/demoService.ts': 'a demo inventory aged as if closed a month ago',
};

/**
 * The only files of the server that change the schema: the additive path, and the ledger of migrations/ (the
 * table that records them cannot be made by one of them).
 */
const SCHEMA_CHANGERS = ['src/server/crud/migrate.ts', 'src/server/db/migrations.ts'];

/**
 * Who owns each table: the only folder whose SQL names it (reads, joins, writes, creates or indexes it); every
 * other folder goes through the owner's door. The workflows first, then the server's own stores.
 */
const TABLE_OWNERS: Readonly<Record<string, readonly string[]>> = {
  'src/server/domains/users': ['user'],
  'src/server/domains/customers': ['customer', 'contact', 'customerDetail', 'clienteErp'],
  'src/server/domains/plannings': ['planning'],
  'src/server/domains/negotiations': [
    'trattativaCp',
    'trattativaCpPartitaIvaVista',
    'trattativaCpPriceList',
    'competitorTrattativa',
  ],
  'src/server/domains/offers': ['offer', 'offerNumber'],
  'src/server/domains/public-offer': ['offertaClienteAccettazione', 'offertaClienteEvento'],
  'src/server/domains/contact-centre': ['missedCall', 'pbxCall', 'branchOffice', 'branchOfficeUser', 'workingCalendar'],
  'src/server/domains/acceptance': ['accettazioneMezzo', 'accettazioneMezzoFotoCaricata', 'controlloAccettazione'],
  'src/server/domains/inventory': ['inventarioMezzi', 'inventarioMezziItem', 'inventarioMezziItemStato'],
  'src/server/domains/files': ['document'],
  'src/server/domains/search': ['ricerca', 'ricercaParola'],
  'src/server/auth': ['refreshToken', 'endedSession', 'loginAttempt'],
  'src/server/plugins/mail': ['email', 'emailAttachment'],
  'src/server/plugins/erp-moves': ['erpSpostamentoMezzo'],
  'src/server/crud/import': ['importJob', 'importProblem'],
  // Every record's history: written with each write by the generic layer, read by its one call (domains/history).
  'src/server/crud': ['storico'],
  'src/server/storage': ['storageSweep'],
  'src/server/db': ['schemaMigration'],
  'src/server/seed': ['demoDati'],
};

/**
 * Every other table (configuration and lookup tables: agent, insurance, statoTrattativa...) is the generic
 * layer's: a workflow reads it through `ctx.resource(...).repo` (where, first, single, lock), never by SQL of its
 * own. The joins a workflow keeps on one for speed, by file, each with why two calls would not do.
 */
const CONFIGURATION_JOINS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'src/server/domains/inventory/inventoryRepository.ts': {
    filialeInventario:
      "the list of inventories is paged and sorted by its branch's name (INVENTORY_SORTS): the page needs the name in the query that orders it",
  },
};

/** Files that name another workflow's table in SQL, each with why. */
const OWNERSHIP_EXCEPTIONS: Readonly<Record<string, string>> = {
  'src/server/domains/inventory/inventoryFixture.ts':
    SQL_EXCEPTIONS['src/server/domains/inventory/inventoryFixture.ts']!,
  'src/server/seed/seed.ts': SQL_EXCEPTIONS['src/server/seed/seed.ts']!,
  'src/server/seed/demoWorkflows.ts': SQL_EXCEPTIONS['src/server/seed/demoWorkflows.ts']!,
  'src/server/seed/demoService.ts': SQL_EXCEPTIONS['src/server/seed/demoService.ts']!,
};

function serverTree(): Map<string, string> {
  return new Map(sources('src/server').map((file) => [file.split(path.sep).join('/'), code(file)]));
}

describe('each server workflow is reached through its door only', () => {
  it('no file imports a file of another workflow but its index.ts', () => {
    expect(importsPastTheDoor(serverTree())).toEqual([]);
  });

  it('the doors import each other in one direction only', () => {
    expect(cyclesBetweenDoors(serverTree())).toEqual([]);
  });

  it('plugins/ and auth/ import no workflow', () => {
    expect(domainImportsFrom(serverTree(), ['src/server/plugins', 'src/server/auth'])).toEqual([]);
  });

  it("pdfmake's fonts and policies are set in one place (src/server/pdf/pdf.ts)", () => {
    expect(pdfmakeSetUpOutside(serverTree(), 'src/server/pdf/pdf.ts')).toEqual([]);
  });

  it('no file outside a repository holds SQL', () => {
    expect(sqlOutsideRepositories(serverTree(), SERVER_GENERIC_LAYERS, Object.keys(SQL_EXCEPTIONS))).toEqual([]);
  });

  it('each table is named in SQL only by its owner', () => {
    const tree = serverTree();
    const found = Object.entries(TABLE_OWNERS).flatMap(([owner, tables]) =>
      tables.flatMap((table) => tableOutsideItsOwner(tree, table, owner, Object.keys(OWNERSHIP_EXCEPTIONS))),
    );
    expect(found).toEqual([]);
  });

  it('every table named in SQL has its owner, or is a declared join, and no table two owners', () => {
    const owned = Object.values(TABLE_OWNERS).flat();
    expect(tablesWithoutOwner(serverTree(), owned, CONFIGURATION_JOINS)).toEqual([]);
    expect(owned.filter((t, i) => owned.indexOf(t) !== i)).toEqual([]);
  });

  it('each declared join is still in its file (a join no longer there goes)', () => {
    const tree = serverTree();
    const stale = Object.entries(CONFIGURATION_JOINS).flatMap(([file, tables]) => {
      const named = tablesNamedInSql(new Map([[file, tree.get(file) ?? '']]));
      return Object.keys(tables)
        .filter((table) => !named.has(table))
        .map((table) => `${file}: ${table}`);
    });
    expect(stale).toEqual([]);
  });

  it('the schema changes only by the schemas (the additive path) and the numbered files of migrations/', () => {
    expect(schemaChangesOutside(serverTree(), SCHEMA_CHANGERS)).toEqual([]);
  });

  it('each exception still holds SQL (an exception no longer needed goes)', () => {
    const tree = serverTree();
    const stale = Object.keys(SQL_EXCEPTIONS).filter(
      (file) => sqlOutsideRepositories(new Map([[file, tree.get(file) ?? '']]), [], []).length === 0,
    );
    expect(stale).toEqual([]);
  });
});

describe('the server rules fail on a planted violation', () => {
  const planted = (files: Record<string, string>) => new Map(Object.entries(files));

  it('an import past a door, and not an import of the door or within a workflow', () => {
    const tree = planted({
      'src/server/domains/offers/offerHandlers.ts': `import { visibleRow } from '../negotiations/repository.ts';
        import { viewerOf } from '../negotiations/index.ts';
        import { freeze } from './pricing/freeze.ts';`,
      'src/server/app.ts': `import { userState } from './domains/users/userRepository.ts';
        import { usersModule } from './domains/users/index.ts';`,
      'src/server/seed/seed.ts': `export { demoWeekOfCalls } from '../domains/contact-centre/demoCalls.ts';`,
    });
    expect(importsPastTheDoor(tree)).toEqual([
      'src/server/domains/offers/offerHandlers.ts -> src/server/domains/negotiations/repository.ts',
      'src/server/app.ts -> src/server/domains/users/userRepository.ts',
      'src/server/seed/seed.ts -> src/server/domains/contact-centre/demoCalls.ts',
    ]);
  });

  it('a cycle between two doors', () => {
    const tree = planted({
      'src/server/domains/offers/offerHandlers.ts': `import { viewerOf } from '../negotiations/index.ts';`,
      'src/server/domains/negotiations/sendHandlers.ts': `const pdf = await import('../offers/index.ts');`,
      'src/server/domains/users/index.ts': `export const usersModule = {};`,
    });
    expect(cyclesBetweenDoors(tree)).toEqual(['offers -> negotiations -> offers']);
    tree.delete('src/server/domains/negotiations/sendHandlers.ts');
    expect(cyclesBetweenDoors(tree)).toEqual([]);
  });

  it('a plugin or auth file that imports a workflow, even its door', () => {
    const tree = planted({
      'src/server/plugins/hubHandlers.ts': `import { endSessions } from '../domains/users/index.ts';`,
      'src/server/auth/authHandlers.ts': `import type { UserRow } from '../domains/users/userRepository.ts';`,
      'src/server/auth/tokens.ts': `import { HttpError } from '../http/httpError.ts';`,
    });
    expect(domainImportsFrom(tree, ['src/server/plugins', 'src/server/auth'])).toEqual([
      'src/server/plugins/hubHandlers.ts -> src/server/domains/users/index.ts',
      'src/server/auth/authHandlers.ts -> src/server/domains/users/userRepository.ts',
    ]);
  });

  it('SQL outside a repository, and not in a repository, a generic layer or a named exception', () => {
    const tree = planted({
      'src/server/domains/public-offer/confirm.ts':
        'const a = 1;\nawait tx.query(`UPDATE "trattativaCp" SET "acceptedByCustomer" = $2 WHERE id = $1`);',
      'src/server/domains/offers/pricing/freeze.ts':
        'await tx.query(`SELECT name,\n  email FROM "user" WHERE id = $1`);\nawait q.query(`INSERT INTO "offerNumber" (year) VALUES ($1)`);',
      'src/server/auth/loginGuard.ts': 'db.query(\'DELETE FROM "loginAttempt" WHERE at < now()\');',
      'src/server/domains/negotiations/repository.ts': 'db.query(`SELECT * FROM "trattativaCp" WHERE id = $1`);',
      'src/server/domains/users/userRepository.ts': 'db.query(`UPDATE "user" SET active = $2 WHERE id = $1`);',
      'src/server/crud/crudRepository.ts': 'db.query(`SELECT * FROM ${table}`);',
      'src/server/crud/listQuery.ts': 'const sql = `SELECT count(*) FROM ${table}`;',
      'src/server/plugins/mail/outbox.ts': 'db.query(`UPDATE email SET status = $1`);',
      'src/server/domains/offers/offerRules.ts':
        "// a word: Select the insurance from the list\nconst m = 'Selezionare';",
    });
    expect(sqlOutsideRepositories(tree, ['src/server/crud'], ['src/server/plugins/mail/outbox.ts'])).toEqual([
      'src/server/domains/public-offer/confirm.ts:2: UPDATE "trattativaCp" SET ',
      'src/server/domains/offers/pricing/freeze.ts:1: SELECT name, email FROM ',
      'src/server/domains/offers/pricing/freeze.ts:3: INSERT INTO ',
      'src/server/auth/loginGuard.ts:1: DELETE FROM ',
    ]);
  });
});

describe('the table ownership rule fails on a planted violation', () => {
  it("a workflow that reads, joins or writes another one's table, and not its own or a like-named one", () => {
    const tree = new Map(
      Object.entries({
        'src/server/domains/negotiations/repository.ts':
          'db.query(`SELECT * FROM "trattativaCp" t LEFT JOIN "user" u ON u.id = t."operatoreId"`);',
        'src/server/domains/users/userRepository.ts': 'db.query(`UPDATE "user" SET active = $2 WHERE id = $1`);',
        'src/server/domains/inventory/inventoryRepository.ts':
          'db.query(`SELECT "filialiIds" FROM "user" WHERE id = $1`);\ndb.query(`SELECT * FROM "userGroup"`);',
        'src/server/seed/seed.ts': 'db.query(`INSERT INTO "user" (username) VALUES ($1)`);',
      }),
    );
    expect(tableOutsideItsOwner(tree, 'user', 'src/server/domains/users', ['src/server/seed/seed.ts'])).toEqual([
      'src/server/domains/negotiations/repository.ts:1: JOIN "user"',
      'src/server/domains/inventory/inventoryRepository.ts:1: FROM "user"',
    ]);
  });
});

describe('the table map rule fails on a planted violation', () => {
  it('finds every table SQL names, quoted, and not a column a function reads from', () => {
    const tree = new Map(
      Object.entries({
        'src/server/domains/public-offer/repository.ts':
          'db.query(`SELECT 1 FROM "offer" o JOIN "trattativaCp" t ON t.id = o.x`);\ndb.query(`INSERT INTO "offertaClienteEvento" (a) VALUES (1)`);',
        'src/server/plugins/mail/outboxRepository.ts':
          'db.query(`UPDATE email SET x = extract(epoch FROM "createdAt")`);\ndb.query(`CREATE INDEX IF NOT EXISTS i ON "emailAttachment" (x)`);',
      }),
    );
    expect([...tablesNamedInSql(tree)].sort()).toEqual([
      'emailAttachment',
      'offer',
      'offertaClienteEvento',
      'trattativaCp',
    ]);
  });

  it('a table no workflow owns, named in SQL by a workflow, the seed or a fixture, unless declared as a join', () => {
    const tree = new Map(
      Object.entries({
        'src/server/domains/offers/offerRepository.ts':
          'db.query(`SELECT code, percentage FROM "insurance" WHERE code = $1`);\ndb.query(`SELECT 1 FROM "offer"`);',
        'src/server/domains/inventory/inventoryRepository.ts':
          'const FILIALE = \'"filialeInventario"\';\nconst SELECT = `SELECT v.id FROM "inventarioMezzi" v JOIN ${FILIALE} f ON f.id = v.x`;',
        'src/server/seed/seed.ts': 'await tx.query(`UPDATE "altraConfigurazione" SET "emailMittente" = $1`);',
        'src/server/crud/crudRepository.ts': 'db.query(`SELECT * FROM ${table} WHERE id = $1`);',
        'src/server/domains/customers/customerRepository.ts':
          'db.query(`SELECT c.id, a.name FROM "customer" c LEFT JOIN "agent" a ON a.id = c."agentId"`);',
      }),
    );
    const owned = ['offer', 'inventarioMezzi', 'customer'];
    const joins = {
      'src/server/domains/inventory/inventoryRepository.ts': { filialeInventario: 'sorted by its name' },
    };
    expect(tablesWithoutOwner(tree, owned, joins)).toEqual([
      'src/server/domains/offers/offerRepository.ts: insurance',
      'src/server/seed/seed.ts: altraConfigurazione',
      'src/server/domains/customers/customerRepository.ts: agent',
    ]);
    // A join declared for one file excuses no other, and a constant hides no table.
    expect(tablesWithoutOwner(tree, owned, {})).toContain(
      'src/server/domains/inventory/inventoryRepository.ts: filialeInventario',
    );
  });

  it('a table named through a constant is found, outside its owner too', () => {
    const tree = new Map([
      [
        'src/server/domains/acceptance/acceptanceRepository.ts',
        'const STATI = \'"inventarioMezziItemStato"\';\ndb.query(`SELECT * FROM ${STATI} WHERE id = $1`);',
      ],
    ]);
    expect([...tablesNamedInSql(tree)]).toEqual(['inventarioMezziItemStato']);
    expect(tableOutsideItsOwner(tree, 'inventarioMezziItemStato', 'src/server/domains/inventory', [])).toEqual([
      'src/server/domains/acceptance/acceptanceRepository.ts:2: FROM "inventarioMezziItemStato"',
    ]);
  });

  it('an unquoted table name outside its owner is found too', () => {
    const tree = new Map([
      ['src/server/domains/offers/offerRepository.ts', 'db.query(`DELETE FROM email WHERE id = $1`);'],
    ]);
    expect(tableOutsideItsOwner(tree, 'email', 'src/server/plugins/mail', [])).toEqual([
      'src/server/domains/offers/offerRepository.ts:1: FROM email',
    ]);
  });
});

describe('the schema change rule fails on a planted violation', () => {
  it('a table, a column, an index or a trigger made outside migrations/, and not SQL that only reads or writes', () => {
    const tree = new Map(
      Object.entries({
        'src/server/domains/offers/offerRepository.ts':
          'const T = [`CREATE TABLE IF NOT EXISTS "offerNumber" (year int)`,\n  `CREATE UNIQUE INDEX IF NOT EXISTS k ON "offer" (x)`];',
        'src/server/plugins/mail/outboxRepository.ts':
          'db.query(`ALTER TABLE email ADD COLUMN IF NOT EXISTS "x" text`);',
        'src/server/domains/users/userRepository.ts':
          'db.query(`CREATE OR REPLACE TRIGGER "t" BEFORE INSERT ON "user" FOR EACH ROW EXECUTE FUNCTION f()`);\ndb.query(`UPDATE "user" SET active = $2 WHERE id = $1`);',
        'src/server/crud/migrate.ts': 'db.query(`ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS ${c} ${type}`);',
        'src/server/db/migrations.ts':
          'const MIGRATION_TABLE = `CREATE TABLE IF NOT EXISTS "schemaMigration" (name text)`;',
        'src/server/domains/negotiations/rules.ts':
          'const m = \'Create table of prices\'; db.query(`SELECT * FROM "trattativaCp"`);',
      }),
    );
    expect(schemaChangesOutside(tree, ['src/server/crud/migrate.ts', 'src/server/db/migrations.ts'])).toEqual([
      'src/server/domains/offers/offerRepository.ts:1: CREATE TABLE',
      'src/server/domains/offers/offerRepository.ts:2: CREATE UNIQUE INDEX',
      'src/server/plugins/mail/outboxRepository.ts:1: ALTER TABLE',
      'src/server/domains/users/userRepository.ts:1: CREATE OR REPLACE TRIGGER',
    ]);
  });
});

describe('the PDF set-up rule fails on a planted violation', () => {
  it('a document module that sets fonts or imports pdfmake itself, and not one that imports its types', () => {
    const tree = new Map(
      Object.entries({
        'src/server/pdf/pdf.ts': "import pdfmake from 'pdfmake';\npdfmake.addFonts({});",
        'src/server/domains/acceptance/acceptancePdf.ts': "import pdfmake from 'pdfmake';",
        'src/server/domains/public-offer/signedPdf.ts':
          "import { renderPdf } from '../../pdf/pdf.ts';\nx.setLocalAccessPolicy(() => true);",
        'src/server/domains/offers/pdf/offerPdf.ts': "import type { Content } from 'pdfmake/interfaces';",
      }),
    );
    expect(pdfmakeSetUpOutside(tree, 'src/server/pdf/pdf.ts')).toEqual([
      'src/server/domains/acceptance/acceptancePdf.ts',
      'src/server/domains/public-offer/signedPdf.ts',
    ]);
  });
});

describe('each web workflow behind one door', () => {
  const tree = (dir: string): SourceFile[] => sources(dir).map((file) => ({ file, code: code(file) }));

  it('src/web/workflows/X imports of another workflow Y only Y/index.ts', () => {
    expect(crossWorkflowImports(tree(WORKFLOWS_DIR))).toEqual([]);
  });

  it('the rule fails on a planted violation, whatever the kind of import', () => {
    const planted: SourceFile[] = [
      {
        file: `${WORKFLOWS_DIR}/negotiations/Page.tsx`,
        code: "import { Offer } from '../offers/NegotiationOffer.tsx';",
      },
      {
        file: `${WORKFLOWS_DIR}/negotiations/Map.tsx`,
        code: "const Map = lazy(() => import('../customers/Map.tsx'));",
      },
      { file: `${WORKFLOWS_DIR}/negotiations/types.ts`, code: "import type { Draft } from '../offers/deep/draft.ts';" },
      // Allowed: the door, the workflow's own files, the shared layers, the folder's own declarations.
      { file: `${WORKFLOWS_DIR}/negotiations/Ok.tsx`, code: "import { offers } from '../offers/index.ts';" },
      { file: `${WORKFLOWS_DIR}/negotiations/Own.tsx`, code: "import { x } from './negotiationApi.ts';" },
      { file: `${WORKFLOWS_DIR}/negotiations/Shared.tsx`, code: "import { api } from '../../api/client.ts';" },
      { file: `${WORKFLOWS_DIR}/negotiations/index.ts`, code: "import type { WebWorkflow } from '../workflow.ts';" },
      { file: `${WORKFLOWS_DIR}/index.ts`, code: "import { offers } from './offers/registerOffers.ts';" },
    ];
    expect(crossWorkflowImports(planted)).toEqual([
      `${WORKFLOWS_DIR}/negotiations/Page.tsx -> ${WORKFLOWS_DIR}/offers/NegotiationOffer.tsx`,
      `${WORKFLOWS_DIR}/negotiations/Map.tsx -> ${WORKFLOWS_DIR}/customers/Map.tsx`,
      `${WORKFLOWS_DIR}/negotiations/types.ts -> ${WORKFLOWS_DIR}/offers/deep/draft.ts`,
    ]);
  });

  it('every workflow folder is in the list of doors, and every one with pages in the list of pages', () => {
    const folders = fs
      .readdirSync(path.join(ROOT, WORKFLOWS_DIR), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => ({ name: e.name, files: fs.readdirSync(path.join(ROOT, WORKFLOWS_DIR, e.name)) }));
    expect(folders.filter((f) => !f.files.includes('index.ts')).map((f) => f.name)).toEqual([]);
    expect(unlisted(folders, 'index.ts', code(`${WORKFLOWS_DIR}/index.ts`))).toEqual([]);
    expect(unlisted(folders, 'pages.ts', code(`${WORKFLOWS_DIR}/pages.ts`))).toEqual([]);
    // Planted: a new workflow with pages that neither list names.
    const planted = [...folders, { name: 'rentals', files: ['index.ts', 'pages.ts', 'RentalPage.tsx'] }];
    expect(unlisted(planted, 'index.ts', code(`${WORKFLOWS_DIR}/index.ts`))).toEqual(['rentals/index.ts']);
    expect(unlisted(planted, 'pages.ts', code(`${WORKFLOWS_DIR}/pages.ts`))).toEqual(['rentals/pages.ts']);
  });
});

describe('components a person can hold in mind', () => {
  const tree = sources('src/web').map((file) => ({ file, code: fs.readFileSync(path.join(ROOT, file), 'utf8') }));

  it('no .tsx component file of src/web is over 250 lines', () => {
    expect(longComponents(tree)).toEqual([]);
  });

  it('the rule fails on a planted violation, and counts lines, not characters', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `const a${i} = ${i};`).join('\n');
    expect(
      longComponents([
        { file: 'src/web/Big.tsx', code: lines(251) },
        { file: 'src/web/Fits.tsx', code: `${lines(250)}\n` },
        { file: 'src/web/long.ts', code: lines(400) },
      ]),
    ).toEqual(['src/web/Big.tsx: 251 lines']);
  });
});
