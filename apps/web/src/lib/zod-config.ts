import { disableZodEval } from '@fc/contract';

// Imported first by main.tsx, so that it runs before any module builds a schema (see disableZodEval in the contract).
disableZodEval();
