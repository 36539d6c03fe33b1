/**
 * The addresses that may receive a multipart body. Every other address answers 415 to one before any route runs,
 * because a multipart body's authenticity token can only be checked by the route as it reads the body: each route
 * listed here checks it itself (the custom forms' reader, or `receiveStaffUploads`) before a byte of a file is kept.
 */
export const MULTIPART_PATHS: readonly RegExp[] = [
  /^\/form_submissions$/,
  /^\/admin\/branches\/\d{1,9}\/staff\/\d{1,9}\/photo$/,
  /^\/admin\/articles\/images(?:\.data)?$/,
  /^\/admin\/listings\/[1-9]\d{0,8}\/media(\/upload)?$/,
  /^\/admin\/settings\/branding$/,
];

export function acceptsMultipart(pathname: string, paths: readonly RegExp[] = MULTIPART_PATHS): boolean {
  return paths.some((pattern) => pattern.test(pathname));
}
