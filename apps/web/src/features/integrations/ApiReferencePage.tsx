import { Anchor, Badge, Card, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { apiBaseUrl, curlCommand, getV1Document, type JsonSchema, type OpenApiDocument, type OpenApiOperation } from './api.ts';
import { integrationsKeys } from './query-keys.ts';

const METHOD_COLORS: Record<string, string> = { get: 'laurel', post: 'gilt' };

/** Markdown's `code` spans as code; the rest as it is. */
function withCode(text: string) {
  let offset = 0;
  return text.split('`').map((part, index) => {
    const at = offset;
    offset += part.length + 1;
    return index % 2 ? <Code key={at}>{part}</Code> : part;
  });
}

/** `#/components/schemas/X` resolved against the document. */
function resolve(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  return doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''];
}

function typeOf(doc: OpenApiDocument, schema: JsonSchema | undefined): string {
  const s = resolve(doc, schema);
  if (!s) return '';
  if (schema?.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (s.anyOf) return s.anyOf.map((option) => typeOf(doc, option)).join(' | ');
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.type === 'array') return `${typeOf(doc, s.items)}[]`;
  return Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'object');
}

/** A value that fits the schema, for the example body. */
function sample(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): unknown {
  const s = resolve(doc, schema);
  if (!s || depth > 5) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return sample(doc, s.anyOf[0], depth + 1);
  if (s.type === 'array') return [sample(doc, s.items, depth + 1)];
  if (s.type === 'object' || s.properties)
    return Object.fromEntries(Object.entries(s.properties ?? {}).map(([name, prop]) => [name, sample(doc, prop, depth + 1)]));
  if (s.type === 'integer' || s.type === 'number') return 1;
  if (s.type === 'boolean') return true;
  if (s.format === 'email') return 'ada@example.com';
  return 'string';
}

function Fields({ doc, schema }: { doc: OpenApiDocument; schema: JsonSchema }) {
  const s = resolve(doc, schema);
  const properties = Object.entries(s?.properties ?? {});
  if (!properties.length) return <Code>{typeOf(doc, schema)}</Code>;
  return (
    <Table withRowBorders fz="sm" verticalSpacing={4}>
      <Table.Tbody>
        {properties.map(([name, prop]) => (
          <Table.Tr key={name}>
            <Table.Td w={200}>
              <Code>{name}</Code>{' '}
              {s?.required?.includes(name) && (
                <Badge size="xs" variant="light">
                  required
                </Badge>
              )}
            </Table.Td>
            <Table.Td w={220}>
              <Text size="xs" c="stone.6">
                {typeOf(doc, prop)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="xs">{resolve(doc, prop)?.description ?? ''}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Operation({ doc, method, path, operation }: { doc: OpenApiDocument; method: string; path: string; operation: OpenApiOperation }) {
  const body = operation.requestBody?.content['application/json']?.schema;
  const parameters = (operation.parameters ?? []).filter((p) => p.in !== 'header' || p.name === 'idempotency-key');
  const success = operation.responses['200'];
  const successSchema = success?.content?.['application/json']?.schema;
  const examplePath = path.replace(/\{(\w+)\}/g, '1');
  const curl = curlCommand({
    base: apiBaseUrl(),
    key: '<your API key>',
    method: method.toUpperCase(),
    path: examplePath,
    ...(body ? { body: sample(doc, body) } : {}),
    idempotent: method === 'post',
  });
  return (
    <Card padding="lg" shadow="xs" component="article" aria-label={operation.summary} id={operation.operationId}>
      <Stack gap="sm">
        <Group gap="sm">
          <Badge color={METHOD_COLORS[method] ?? 'stone'} variant="filled">
            {method.toUpperCase()}
          </Badge>
          <Code fz="sm">{path}</Code>
        </Group>
        <Title order={3} size="h5">
          {operation.summary}
        </Title>
        {operation.description && (
          <Text size="sm" c="stone.6">
            {operation.description}
          </Text>
        )}
        {parameters.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Parameters
            </Text>
            <Table withRowBorders fz="sm" verticalSpacing={4}>
              <Table.Tbody>
                {parameters.map((p) => (
                  <Table.Tr key={`${p.in}-${p.name}`}>
                    <Table.Td w={200}>
                      <Code>{p.name}</Code>{' '}
                      {p.required && (
                        <Badge size="xs" variant="light">
                          required
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td w={220}>
                      <Text size="xs" c="stone.6">
                        {p.in} · {typeOf(doc, p.schema)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{p.description ?? p.schema?.description ?? ''}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
        {body && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Body
            </Text>
            <Fields doc={doc} schema={body} />
          </Stack>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Reply{' '}
            {successSchema ? (
              <Code>{typeOf(doc, successSchema)}</Code>
            ) : (
              <Text span size="sm">
                {success?.description}
              </Text>
            )}
          </Text>
          {successSchema && <Fields doc={doc} schema={successSchema} />}
        </Stack>
        <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {curl}
        </Code>
      </Stack>
    </Card>
  );
}

/** /api-integrations/reference: every call of the public API, drawn from its OpenAPI document. */
export function ApiReferencePage() {
  const doc = useQuery({ queryKey: integrationsKeys.v1Document(), queryFn: getV1Document, staleTime: Infinity });
  if (doc.isError) return <LoadFailed title="The API reference could not be loaded" error={doc.error} onRetry={() => void doc.refetch()} />;
  if (!doc.data) return <Loader />;
  const operations = Object.entries(doc.data.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const tags = [...new Set(operations.map((o) => o.operation.tags?.[0] ?? 'API'))];
  return (
    <>
      <PageHeader
        eyebrow="API & integrations"
        title="API reference"
        description={
          <>
            {doc.data.info.title} {doc.data.info.version}. The same document as JSON:{' '}
            <Anchor href="/v1/openapi.json">/v1/openapi.json</Anchor>.{' '}
            <Anchor component={Link} to="/api-integrations">
              Back to your API key
            </Anchor>
          </>
        }
      />
      <Stack gap="lg">
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} maw={820}>
          {withCode(doc.data.info.description ?? '')}
        </Text>
        {tags.map((tag) => (
          <Stack key={tag} gap="sm">
            <Title order={2} size="h4">
              {tag}
            </Title>
            {operations
              .filter((o) => (o.operation.tags?.[0] ?? 'API') === tag)
              .map((o) => (
                <Operation key={`${o.method} ${o.path}`} doc={doc.data} method={o.method} path={o.path} operation={o.operation} />
              ))}
          </Stack>
        ))}
      </Stack>
    </>
  );
}
