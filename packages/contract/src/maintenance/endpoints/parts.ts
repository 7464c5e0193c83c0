import { z } from 'zod';
import { endpoint, jsonApi, resultAnswer, type AttributesOf } from '../../core/endpoint';
import { writeAccess } from '../../core/writes';
import { estesMappingSchema, estesSearchQuerySchema } from '../parts';

/** A part's mapping: its international number, its custom (outside carrier) number and the catalogue's description. */
export const estesPartAttributes = z.object({
  'part-no': z.string(),
  'custom-part-no': z.string(),
  description: z.string().nullable(),
});

/** The pair a create or a remove answers with. */
const mappingResult = { 'part-no': z.string(), 'custom-part-no': z.string() };

/** Parts mapping (PART-01 to PART-06). */
export const partsEndpoints = {
  find: endpoint({
    method: 'GET',
    path: '/fc-common-api/parts/estes',
    tag: 'maintenance',
    summary: 'The mapping of one part, searched by its custom or its international part number',
    access: 'partsMappingView',
    query: estesSearchQuerySchema,
    answer: jsonApi('estes-parts', estesPartAttributes),
  }),
  create: endpoint({
    method: 'POST',
    path: '/fc-common-api/parts/estes_create',
    tag: 'maintenance',
    summary: 'Maps an international part number of the catalogue to a custom part number',
    access: writeAccess('POST /fc-common-api/parts/estes_create'),
    body: estesMappingSchema,
    answer: resultAnswer(mappingResult, 201),
  }),
  remove: endpoint({
    method: 'POST',
    path: '/fc-common-api/parts/estes_remove',
    tag: 'maintenance',
    summary: 'Removes the mapping of a part number and its custom part number',
    access: writeAccess('POST /fc-common-api/parts/estes_remove'),
    body: estesMappingSchema,
    answer: resultAnswer(mappingResult),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/fc-common-api/parts/estes_list_csv',
    tag: 'maintenance',
    summary: 'Every part mapping as CSV (part_no, custom_part_no, description)',
    access: 'partsMappingView',
    answer: { kind: 'file', mediaType: 'text/csv' },
  }),
};

/** A mapping as the search answers it (after the client flattens it). */
export type EstesPart = AttributesOf<typeof partsEndpoints.find>;
