import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as S3Sdk from '@aws-sdk/client-s3';
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
  // The SDK is loaded, and the client made, by the first file stored or read: not at start-up
  // (docs/decisions/0144-start-in-a-second.md).
  let connection: Promise<{ client: S3Sdk.S3Client; sdk: typeof S3Sdk }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: Boolean(settings.endpoint),
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      }),
    })));
  return {
    async put(key, body, contentType) {
      const { client, sdk } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: settings.bucket, Key: checkKey(key), Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      const { client, sdk } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: checkKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(key) {
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: checkKey(key) }));
    },
  };
}

export function createStorage(settings: Config['storage']): FileStorage {
  return settings.driver === 's3' ? s3Storage(settings) : localStorage(settings.dir);
}
