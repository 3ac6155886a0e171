/**
 * The shape of the OpenAPI 3.1 document as this service writes it: the document, its
 * operations, and the JSON Schemas (2020-12) they hold.
 */
import type { RouteDoc } from './route-doc.js';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as the document holds it. */
export type JsonSchema = Record<string, unknown>;

/** One operation of the document (the fields this service writes). */
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  parameters?: {
    name: string;
    in: 'path' | 'query';
    required: boolean;
    schema: JsonSchema;
    description?: string;
  }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, { description: string; schema: JsonSchema }>;
      content?: Record<string, { schema: JsonSchema }>;
    }
  >;
}

/** An OpenAPI 3.1 document. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers: { url: string; description: string }[];
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<RouteDoc['method'], OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}
