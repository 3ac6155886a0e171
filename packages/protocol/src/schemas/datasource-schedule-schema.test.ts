import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { DatasourcePatchBody } from '../datasource-create.js';
import { datasourceCreateSchema, datasourcePatchSchema } from './datasource-create-schema.js';
import { parseBody } from './parse-body.js';

/** A parsed JSON body leaves absent fields absent (zod types them `T | undefined`). */
type Parsed<T> = T extends object ? { [K in keyof T]: Parsed<Exclude<T[K], undefined>> } : T;

const site = (config: Record<string, unknown>) => ({
  datastoreId: 'ds1',
  type: 'web_site',
  config: { source_url: 'https://example.com/', ...config },
});

describe('config.sync_interval_minutes', () => {
  it('takes whole minutes up to 30 days, or null, on web sources', () => {
    for (const minutes of [5, 60, 43_200, null]) {
      expect(
        parseBody(datasourceCreateSchema, site({ sync_interval_minutes: minutes })),
      ).toMatchObject({
        success: true,
      });
    }
    expect(
      parseBody(datasourceCreateSchema, {
        datastoreId: 'ds1',
        type: 'web_page',
        config: { source_url: 'https://example.com/a', sync_interval_minutes: 1440 },
      }).success,
    ).toBe(true);
  });

  it('refuses zero, negatives, fractions, words and more than 30 days, naming the field', () => {
    for (const minutes of [0, -5, 2.5, 'hourly', 43_201, true]) {
      const result = parseBody(datasourceCreateSchema, site({ sync_interval_minutes: minutes }));
      expect(result).toMatchObject({
        success: false,
        field: 'config.sync_interval_minutes',
        message: expect.stringContaining('config.sync_interval_minutes must be a whole number'),
      });
    }
  });

  it('refuses a schedule on a datasource that is not a web source', () => {
    expect(
      parseBody(datasourceCreateSchema, {
        datastoreId: 'ds1',
        type: 'text',
        config: { text: 'hello', sync_interval_minutes: 60 },
      }),
    ).toEqual({
      success: false,
      field: 'config.sync_interval_minutes',
      message:
        'config.sync_interval_minutes applies to web_page and web_site datasources, not text',
    });
  });
});

describe('datasourcePatchSchema', () => {
  it('takes a name and a schedule, and is the DatasourcePatchBody type', () => {
    expectTypeOf<
      Parsed<z.output<typeof datasourcePatchSchema>>
    >().toEqualTypeOf<DatasourcePatchBody>();
    expect(
      parseBody(datasourcePatchSchema, { name: 'Docs', config: { sync_interval_minutes: null } }),
    ).toEqual({ success: true, data: { name: 'Docs', config: { sync_interval_minutes: null } } });
  });

  it('refuses other fields, saying what PATCH changes', () => {
    expect(
      parseBody(datasourcePatchSchema, { config: { source_url: 'https://x.test' } }),
    ).toMatchObject({
      success: false,
      message: expect.stringContaining('config.source_url cannot be changed with PATCH'),
    });
    expect(parseBody(datasourcePatchSchema, { status: 'synched' })).toMatchObject({
      success: false,
      message: expect.stringContaining('status cannot be changed with PATCH'),
    });
    expect(
      parseBody(datasourcePatchSchema, { config: { sync_interval_minutes: 0 } }),
    ).toMatchObject({
      success: false,
      field: 'config.sync_interval_minutes',
    });
  });
});
