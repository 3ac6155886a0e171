import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ERROR_CODES } from '@agent-chat/protocol';
import busboy from 'busboy';
import type { Request } from 'express';
import { AgentServiceError, invalidRequest } from '../agent-service-error.js';

/** A multipart upload received to a temporary file. */
export interface ReceivedUpload {
  /** The form's text fields. */
  fields: Record<string, string>;
  /** The file part (the first one), saved under a temporary directory. */
  file: { path: string; size: number; fileName: string; mimeType: string; head: Uint8Array };
  /** Removes the temporary file. */
  cleanup(): Promise<void>;
}

/** Room for the multipart framing and text fields around the file, in bytes. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

function tooLarge(limitBytes: number): AgentServiceError {
  return new AgentServiceError(
    ERROR_CODES.payloadTooLarge,
    413,
    `The file is larger than the ${limitBytes} bytes allowed; nothing was stored.`,
  );
}

/**
 * Streams a `multipart/form-data` request's file to a temporary file (never holding it
 * whole in memory), counting its bytes: a declared `Content-Length` over the limit is
 * refused at once, a file that grows past `limitBytes` is cut off — both 413, with nothing
 * kept. A malformed form, or one without a file, is a 400.
 */
export async function receiveUpload(req: Request, limitBytes: number): Promise<ReceivedUpload> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes + FORM_OVERHEAD_BYTES) {
    throw tooLarge(limitBytes);
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fileSize: limitBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
    });
  } catch (error) {
    throw invalidRequest(
      `The upload is not a valid multipart/form-data request: ${(error as Error).message}.`,
    );
  }
  const directory = await mkdtemp(path.join(tmpdir(), 'agent-service-upload-'));
  const cleanup = () => rm(directory, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let file: ReceivedUpload['file'] | undefined;
  let truncated = false;
  const writes: Promise<void>[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('field', (name, value) => {
        fields[name] = value;
      });
      parser.on('file', (_name, stream, info) => {
        if (file !== undefined) {
          stream.resume();
          return;
        }
        const filePath = path.join(directory, 'upload');
        file = {
          path: filePath,
          size: 0,
          fileName: info.filename || 'upload',
          mimeType: info.mimeType,
          head: new Uint8Array(),
        };
        const current = file;
        stream.on('data', (part: Buffer) => {
          current.size += part.length;
        });
        stream.on('limit', () => {
          truncated = true;
          req.unpipe(parser);
          resolve();
        });
        writes.push(pipeline(stream, createWriteStream(filePath)).catch(reject));
      });
      parser.on('error', (error: Error) =>
        reject(invalidRequest(`The upload could not be read: ${error.message}.`)),
      );
      parser.on('close', resolve);
      req.on('aborted', () => reject(invalidRequest('The upload was interrupted.')));
      req.pipe(parser);
    });
    if (truncated) throw tooLarge(limitBytes);
    await Promise.all(writes);
    const received = file as ReceivedUpload['file'] | undefined;
    if (received === undefined) {
      throw invalidRequest('The form has no file: send it in a field named "file".');
    }
    const handle = await open(received.path, 'r');
    try {
      const head = Buffer.alloc(4096);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      received.head = new Uint8Array(head.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
    return { fields, file: received, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
