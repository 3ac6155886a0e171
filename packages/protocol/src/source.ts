/**
 * A retrieved source, in the real hosted service's shape: one per datasource. Cited by a
 * query's answer and kept with each stored message of a conversation.
 */
export interface Source {
  chunk_id: string;
  datasource_id: string;
  datasource_name: string;
  datasource_type: string;
  source_url: string | null;
  mime_type: string;
  page_number?: number;
  total_pages?: number;
  score: number;
  custom_id?: string;
}
