// Every table of the product. One file per domain; later issues add theirs and export them here.
export * from './core';
