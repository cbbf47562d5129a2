// An S3-compatible bucket as the file store (S3_BUCKET set): uploads stay out of the database,
// so its backups stay small and every process reads the same files. The bucket is backed up on
// its own (versioning or the provider's replication; see the README).
import type * as S3 from '@aws-sdk/client-s3';
import type { FileStore, S3Settings } from './storage';

export function s3Store(settings: S3Settings): FileStore {
  const Bucket = settings.bucket;
  // The SDK is loaded on the first upload or read, not at every start.
  let sdk: Promise<{ client: S3.S3Client; s3: typeof S3 }> | undefined;
  const open = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.credentials,
        // Checksums only where S3 requires them: many S3-compatible services (older MinIO, Ceph,
        // test servers) refuse the SDK's default CRC32 trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  return {
    kind: 's3',
    async put(_db, key, bytes, contentType) {
      const { client, s3 } = await open();
      await client.send(
        new s3.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }),
      );
    },
    async get(_db, key) {
      const { client, s3 } = await open();
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch (err) {
        if (err instanceof s3.NoSuchKey || (err instanceof s3.S3ServiceException && err.$metadata.httpStatusCode === 404)) return null;
        throw err;
      }
    },
    async remove(_db, keys) {
      const { client, s3 } = await open();
      // At most 1,000 keys per request (S3's limit).
      for (let i = 0; i < keys.length; i += 1000)
        await client.send(
          new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }),
        );
    },
  };
}
