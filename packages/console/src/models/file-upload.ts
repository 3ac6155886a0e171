import { CLIENT_ERROR_CODES, type Datasource } from '@agent-chat/protocol';
import { ConsoleApiError } from './api-client.js';

/** What {@link uploadFile} sends, and where it reports progress. */
export interface FileUploadRequest {
  /** `<mount>/api/datasources`. */
  url: string;
  /** The session's auth headers (`x-csrf-token`). */
  headers: Record<string, string>;
  datastoreId: string;
  file: File;
  /** Bytes of the request body sent so far, of `total`. */
  onProgress(loaded: number, total: number): void;
}

/** A running upload: its answer, and a way to stop it. */
export interface FileUpload {
  /** The datasource created (`pending`), or a {@link ConsoleApiError} saying why not. */
  done: Promise<Datasource>;
  abort(): void;
}

function errorOf(status: number, text: string, fileName: string): ConsoleApiError {
  let code: string = CLIENT_ERROR_CODES.httpError;
  let message = '';
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string') code = body.error.code;
    if (typeof body.error?.message === 'string') message = body.error.message;
  } catch {
    // Not the API's JSON (a proxy's page): described by its status below.
  }
  if (status === 413) {
    return new ConsoleApiError(status, code, message || `${fileName} is too large to upload.`);
  }
  if (status === 415) {
    return new ConsoleApiError(
      status,
      code,
      message || `${fileName} is not a supported file type.`,
    );
  }
  if (status === 401) {
    return new ConsoleApiError(status, code, 'You are not signed in, or your session has expired.');
  }
  return new ConsoleApiError(status, code, message || `The server answered ${status}.`);
}

/**
 * Uploads one file as `multipart/form-data` (`type=file`, `datastoreId`, `file`) with
 * `XMLHttpRequest`, the one browser API that reports upload progress. Resolves to the
 * created datasource; rejects with a {@link ConsoleApiError} whose message says why: the
 * API's own (413 with the size limit, 415 with the supported types), or status 0 when the
 * connection failed or was cut off (which is also how an oversized upload can end, when the
 * server refuses it before the browser has sent it all).
 */
export function uploadFile(request: FileUploadRequest): FileUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Datasource>((resolve, reject) => {
    xhr.open('POST', request.url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      request.onProgress(event.loaded, event.lengthComputable ? event.total : request.file.size);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as Datasource);
        } catch (cause) {
          reject(
            new ConsoleApiError(
              xhr.status,
              CLIENT_ERROR_CODES.invalidResponse,
              'The server answered with no datasource.',
              {
                cause,
              },
            ),
          );
        }
        return;
      }
      reject(errorOf(xhr.status, xhr.responseText, request.file.name));
    });
    xhr.addEventListener('error', () => {
      reject(
        new ConsoleApiError(
          0,
          CLIENT_ERROR_CODES.network,
          'The upload was cut off: the network failed, or the server refused the file before it was sent (a file larger than the server accepts ends this way).',
        ),
      );
    });
    xhr.addEventListener('abort', () => {
      reject(new ConsoleApiError(0, CLIENT_ERROR_CODES.aborted, 'The upload was cancelled.'));
    });
    const form = new FormData();
    form.append('type', 'file');
    form.append('datastoreId', request.datastoreId);
    form.append('file', request.file, request.file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
