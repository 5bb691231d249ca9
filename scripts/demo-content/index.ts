// Collects every demo topic in a fixed order, which keeps slugs and output stable.
import { ALGORITHM_SEARCH } from './algorithm-search.js';
import { ALGORITHM_STRUCTURES } from './algorithm-structures.js';
import { ALGORITHM_TECHNIQUES } from './algorithm-techniques.js';
import { BACKEND_AUTH } from './backend-auth.js';
import { BACKEND_QUALITY } from './backend-quality.js';
import { BACKEND_SERVICES } from './backend-services.js';
import { CAREER } from './career.js';
import { DATABASES_ENGINES } from './databases-engines.js';
import { DATABASES_PRACTICE } from './databases-practice.js';
import { DEVOPS_CONTAINERS } from './devops-containers.js';
import { DEVOPS_DELIVERY } from './devops-delivery.js';
import { FRONTEND_TOOLING } from './frontend-tooling.js';
import { FRONTEND_UI } from './frontend-ui.js';
import { LANGUAGES_PYTHON } from './languages-python.js';
import { LANGUAGES_SYSTEMS } from './languages-systems.js';
import { LANGUAGES_TYPES } from './languages-types.js';
import { NETWORKING_TRANSPORT } from './networking-transport.js';
import { NETWORKING_WEB } from './networking-web.js';
import type { Topic } from './types.js';

export const TOPICS: Topic[] = [
  ...ALGORITHM_SEARCH,
  ...ALGORITHM_STRUCTURES,
  ...ALGORITHM_TECHNIQUES,
  ...DATABASES_ENGINES,
  ...DATABASES_PRACTICE,
  ...FRONTEND_UI,
  ...FRONTEND_TOOLING,
  ...BACKEND_SERVICES,
  ...BACKEND_QUALITY,
  ...BACKEND_AUTH,
  ...DEVOPS_CONTAINERS,
  ...DEVOPS_DELIVERY,
  ...LANGUAGES_TYPES,
  ...LANGUAGES_PYTHON,
  ...LANGUAGES_SYSTEMS,
  ...NETWORKING_TRANSPORT,
  ...NETWORKING_WEB,
  ...CAREER,
];
