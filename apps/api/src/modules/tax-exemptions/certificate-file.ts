import { CERTIFICATE_TYPE_MESSAGE, TAX_CERTIFICATE_EXTENSIONS, uploadExtension } from '@lotline/contracts';
import { AppError } from '../../lib/errors';
import { ISSUED_KEY_PATTERN } from '../uploads/receive-local-upload';
import { uploadKeyPrefix } from '../uploads/request-upload';
import type { UploadStorage } from '../uploads/storage';

const CERTIFICATE_TYPES = new Set<string>(TAX_CERTIFICATE_EXTENSIONS);

/**
 * A certificate must be a file this user uploaded for the marketplace (the
 * key the server issued records the uploader), of a certificate type (pdf,
 * jpg, jpeg, png), and actually stored (the upload finished).
 */
export async function checkCertificateFile(storage: UploadStorage, userId: string, key: string): Promise<void> {
  if (!ISSUED_KEY_PATTERN.test(key) || !key.startsWith(uploadKeyPrefix('marketplace', userId))) {
    throw AppError.validation('That file is not one you uploaded. Upload the certificate again.', 'fileKey');
  }
  if (!CERTIFICATE_TYPES.has(uploadExtension(key))) {
    throw AppError.validation(CERTIFICATE_TYPE_MESSAGE, 'fileKey');
  }
  if (!(await storage.exists(key))) {
    throw AppError.validation('The certificate upload did not finish. Upload it again.', 'fileKey');
  }
}
