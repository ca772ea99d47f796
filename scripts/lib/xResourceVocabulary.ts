import {
  COLUMN_PRIORITIES,
  FILTER_WIDGETS,
  FORM_WIDGETS,
  MENU_GROUPS,
  OPERATIONS,
} from '../../src/domain/resourceDefinition.ts';

/**
 * The JSON Schema of the `x-resource` block every entity schema carries.
 * Documented for people in schemas/README.md; unknown keys are errors.
 */
export const xResourceVocabulary = {
  type: 'object',
  required: ['label'],
  additionalProperties: false,
  properties: {
    label: { type: 'string', minLength: 1 },
    gender: { enum: ['masculine', 'feminine'] },
    plural: { type: 'boolean' },
    collection: { type: 'string', pattern: '^/' },
    display: { type: 'string' },
    colorChip: {
      type: 'object',
      required: ['background', 'text'],
      additionalProperties: false,
      properties: { background: { type: 'string' }, text: { type: 'string' } },
    },
    single: { type: 'boolean' },
    page: { type: 'string', pattern: '^/' },
    operations: { type: 'array', items: { enum: [...OPERATIONS] }, uniqueItems: true },
    route: { type: 'string', pattern: '^/' },
    menu: { enum: [...MENU_GROUPS] },
    roles: { type: 'array', items: { type: 'string', pattern: '^ROLE_[A-Z_]+$' }, uniqueItems: true },
    readers: { type: 'array', items: { type: 'string', pattern: '^ROLE_[A-Z_]+$' }, uniqueItems: true },
    columns: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    priority: { type: 'object', additionalProperties: { enum: [...COLUMN_PRIORITIES] } },
    filters: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field'],
        additionalProperties: false,
        properties: {
          field: { type: 'string' },
          widget: { enum: [...FILTER_WIDGETS] },
          default: { type: ['string', 'number', 'boolean'] },
        },
      },
    },
    sort: {
      type: 'object',
      required: ['field', 'descending'],
      additionalProperties: false,
      properties: { field: { type: 'string' }, descending: { type: 'boolean' } },
    },
    pageSize: { enum: [0, 10, 30, 50, 100] },
    form: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    sections: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['title', 'fields'],
        additionalProperties: false,
        properties: {
          title: { type: 'string', minLength: 1 },
          fields: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
        },
      },
    },
    widgets: { type: 'object', additionalProperties: { enum: [...FORM_WIDGETS] } },
    unique: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    search: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
    indexes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['fields'],
        additionalProperties: false,
        properties: {
          fields: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
          using: { enum: ['btree', 'trigram'] },
        },
      },
    },
    toggles: { type: 'object', additionalProperties: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' } },
    actions: { type: 'array', items: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' }, uniqueItems: true },
    rowFields: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    references: { type: 'object', additionalProperties: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' } },
    stored: { type: 'boolean' },
    history: {
      oneOf: [
        { const: true },
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            parent: {
              type: 'object',
              required: ['field', 'resource'],
              additionalProperties: false,
              properties: { field: { type: 'string' }, resource: { type: 'string' } },
            },
            skip: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
            codes: {
              type: 'object',
              additionalProperties: {
                type: 'object',
                required: ['resource', 'key'],
                additionalProperties: false,
                properties: { resource: { type: 'string' }, key: { type: 'string' } },
              },
            },
          },
        },
      ],
    },
    import: {
      type: 'object',
      required: ['key'],
      additionalProperties: false,
      properties: {
        key: {
          oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true }],
        },
      },
    },
    internal: {
      type: 'object',
      propertyNames: { pattern: '^[a-z][A-Za-z0-9]*$' },
      additionalProperties: {
        type: 'object',
        required: ['type'],
        additionalProperties: false,
        properties: {
          type: { enum: ['string', 'integer', 'boolean'] },
          default: { type: ['string', 'integer', 'boolean'] },
        },
      },
    },
  },
} as const;
