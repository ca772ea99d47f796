import { Box, Typography } from '@mui/material';
import {
  canExpand,
  getUiOptions,
  titleId,
  type ObjectFieldTemplatePropertyType,
  type ObjectFieldTemplateProps,
  type UiSchema,
} from '@rjsf/utils';
import type { ReactNode } from 'react';
import type { FormSection } from '../../domain/resourceDefinition.ts';

/** As many columns of at least this width as fit: three in a dialog, four or five on a page. */
const COLUMN_MIN = 220;

const isWide = (uiSchema: UiSchema | undefined, name: string) =>
  getUiOptions((uiSchema?.[name] ?? {}) as UiSchema).wide === true;

function Grid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${COLUMN_MIN}px, 1fr))`,
        columnGap: 2,
        rowGap: 1.5,
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

function Cells({ items, uiSchema }: { items: ObjectFieldTemplatePropertyType[]; uiSchema: UiSchema | undefined }) {
  return items.map((p) =>
    p.hidden ? (
      p.content
    ) : (
      <Box key={p.name} sx={isWide(uiSchema, p.name) ? { gridColumn: '1 / -1' } : undefined}>
        {p.content}
      </Box>
    ),
  );
}

/**
 * The fields of a form (and of each record in a list inside it) in a grid of columns; long texts and lists
 * take the whole row. With x-resource.sections each section is a titled group of its own.
 */
export function FormGrid(props: ObjectFieldTemplateProps) {
  const { title, properties, uiSchema, registry, fieldPathId, schema, formData, disabled, readonly } = props;
  const options = getUiOptions(uiSchema);
  const sections = (options.sections ?? []) as FormSection[];
  const { AddButton } = registry.templates.ButtonTemplates;
  const byName = new Map(properties.map((p) => [p.name, p]));
  return (
    <>
      {title && (
        <Typography id={titleId(fieldPathId)} component="h3" variant="subtitle2" sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      {sections.length === 0 ? (
        <Grid>
          <Cells items={properties} uiSchema={uiSchema} />
        </Grid>
      ) : (
        sections.map((section, i) => {
          const headingId = `${fieldPathId.$id}-section-${i}`;
          const items = section.fields.map((f) => byName.get(f)).filter((p) => p !== undefined);
          // A section whose every field is hidden (a new record's server-owned fields) shows no heading.
          if (items.every((p) => p.hidden)) return items.map((p) => p.content);
          return (
            <Box component="section" key={section.title} aria-labelledby={headingId} sx={{ mt: i === 0 ? 0 : 2.5 }}>
              <Typography
                id={headingId}
                component="h3"
                variant="subtitle2"
                color="primary"
                sx={{ mb: 1.5, pb: 0.5, borderBottom: 1, borderColor: 'divider' }}
              >
                {section.title}
              </Typography>
              <Grid>
                <Cells items={items} uiSchema={uiSchema} />
              </Grid>
            </Box>
          );
        })
      )}
      {canExpand(schema, uiSchema, formData) && (
        <AddButton
          onClick={props.onAddProperty}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </>
  );
}
