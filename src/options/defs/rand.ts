// Pseudo-random number generator options (rand_args in sb_rand.c), in help order.
import type { OptionDef } from '../types.js';

export const RAND_OPTIONS: readonly OptionDef[] = [
  {
    name: 'rand-type',
    description: 'random numbers distribution {uniform,gaussian,special,pareto}',
    default: 'special',
    type: 'string',
  },
  { name: 'rand-spec-iter', description: 'number of iterations used for numbers generation', default: '12', type: 'int' },
  {
    name: 'rand-spec-pct',
    description: "percentage of values to be treated as 'special' (for special distribution)",
    default: '1',
    type: 'int',
  },
  {
    name: 'rand-spec-res',
    description: "percentage of 'special' values to use (for special distribution)",
    default: '75',
    type: 'int',
  },
  {
    name: 'rand-seed',
    description: 'seed for random number generator. When 0, the current time is used as a RNG seed.',
    default: '0',
    type: 'int',
  },
  { name: 'rand-pareto-h', description: 'parameter h for pareto distribution', default: '0.2', type: 'double' },
];
