// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata API in
// place before the library loads: every use of it in the server goes through this file.
import 'reflect-metadata';

export { SubjectAlternativeNameExtension, X509Certificate } from '@peculiar/x509';
