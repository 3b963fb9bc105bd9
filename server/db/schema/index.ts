// Every table of the product. One file per domain; later issues add theirs and export them here.
export * from './core';
export * from './content';
export * from './marketing';
export * from './files';
export * from './audit';
export * from './public';
export * from './inquiries';
export * from './inquiryHandling';
export * from './inquiryEmails';
export * from './posters';
export * from './links';
export * from './seoCheck';
export * from './keywords';
export * from './recruit';
export * from './forms';
export * from './plugins';
export * from './themeFiles';
