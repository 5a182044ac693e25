import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/** Private file storage: nothing in it is served without a route that checks the caller. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const safeKey = /^[a-z0-9][a-z0-9/_.-]{0,250}$/i;

function checkKey(key: string): string {
  if (!safeKey.test(key) || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
  return key;
}

export function localStorage(dir: string): FileStorage {
  const fileOf = (key: string) => path.join(dir, checkKey(key));
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

type S3Settings = Extract<Config['storage'], { driver: 's3' }>;

export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: checkKey(key), Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: checkKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: checkKey(key) }));
    },
  };
}

export function createStorage(settings: Config['storage']): FileStorage {
  return settings.driver === 's3' ? s3Storage(settings) : localStorage(settings.dir);
}
