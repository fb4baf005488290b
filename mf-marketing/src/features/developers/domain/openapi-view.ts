// What the developers page shows of the OpenAPI description the decoder serves at /api/v1/openapi.json.
export interface EndpointView {
  method: string;
  path: string;
  summary: string;
  description: string;
  /** The request body's fields: name, type, whether required, and its limits. */
  fields: Array<{ name: string; type: string; required: boolean; note: string }>;
}

export interface ErrorCodeView {
  status: number;
  code: string;
  meaning: string;
}

export interface ApiReference {
  endpoints: EndpointView[];
  errors: ErrorCodeView[];
  limits: Record<string, number>;
}

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; maxLength?: number; minItems?: number; items?: Schema; description?: string; $ref?: string };
interface OpenApiDocument {
  paths?: Record<string, Record<string, { summary?: string; description?: string; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
  'x-error-codes'?: ErrorCodeView[];
  'x-limits'?: Record<string, number>;
}

function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  const name = schema?.$ref?.replace('#/components/schemas/', '');
  return name ? document.components?.schemas?.[name] : schema;
}

function noteOf(schema: Schema): string {
  const notes = [];
  if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength.toLocaleString('en-US')} characters`);
  if (schema.minItems !== undefined) notes.push(`at least ${schema.minItems}`);
  if (schema.description) notes.push(schema.description);
  return notes.join('; ');
}

/** The page's reference, read from the document (unknown parts are left out, never guessed). */
export function referenceOf(raw: unknown): ApiReference {
  const document = (typeof raw === 'object' && raw !== null ? raw : {}) as OpenApiDocument;
  const endpoints: EndpointView[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const body = resolve(document, operation.requestBody?.content?.['application/json']?.schema);
      const required = new Set(body?.required ?? []);
      endpoints.push({
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        fields: Object.entries(body?.properties ?? {}).map(([name, field]) => ({
          name,
          type: field.type === 'array' ? `array of ${field.items?.type === undefined ? 'articles' : field.items.type}` : (field.type ?? 'any'),
          required: required.has(name),
          note: noteOf(field),
        })),
      });
    }
  }
  return { endpoints, errors: document['x-error-codes'] ?? [], limits: document['x-limits'] ?? {} };
}
