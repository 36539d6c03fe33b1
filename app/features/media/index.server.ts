/** The media feature's server-side public surface (see index.ts for the client-safe one). */
export { receiveStaffUploads, type StaffUploadOutcome, type StoredStaffFile } from './staff-uploads.server.ts';
