/**
 * The chunk-analysis thread's entry (the worker that `chunk-analysis-pool.ts` starts):
 * analyses each batch of chunks it is sent (`analyzeChunks`) and sends the analysis back,
 * its binary columns transferred rather than copied. It loads nothing but the analysis and
 * its word handling.
 */
import { parentPort } from 'node:worker_threads';
import { analyzeChunks } from './analyze-chunks.js';
import type { AnalysisRequest, AnalysisResponse } from './chunk-analysis-pool.js';

const port = parentPort;
if (port) {
  port.on('message', (request: AnalysisRequest) => {
    let response: AnalysisResponse;
    try {
      response = { id: request.id, analysis: analyzeChunks(request.input) };
    } catch (error) {
      response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    const columns = response.analysis;
    port.postMessage(
      response,
      columns
        ? [columns.titles, columns.contents, columns.lengths, columns.tsvectors].map(
            (column) => column.buffer as ArrayBuffer,
          )
        : [],
    );
  });
  port.postMessage({ id: 0 } satisfies AnalysisResponse);
}
