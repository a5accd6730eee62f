// A small population CSV to start from (the Data screen offers it for download): every column kind
// the importer reads, with comments-free values a spreadsheet opens as is. Eight mothers, 2 states.
export const SAMPLE_POPULATION_CSV =
  [
    'id,q00,q01,q10,q11,init_s,age_10_20,age_21_30,age_31_40,speaks_hindi,speaks_marathi,income',
    'm001,0.20,0.45,0.55,0.85,1,1,0,0,1,0,3200',
    'm002,0.15,0.40,0.50,0.80,0,0,1,0,0,1,7800',
    'm003,0.25,0.55,0.60,0.90,1,0,0,1,1,0,12500',
    'm004,0.10,0.35,0.45,0.75,0,1,0,0,0,1,0',
    'm005,0.30,0.60,0.65,0.92,1,0,1,0,1,0,5400',
    'm006,0.05,0.30,0.40,0.70,0,0,0,1,0,1,21000',
    'm007,0.22,0.50,0.58,0.88,1,0,1,0,1,0,9100',
    'm008,0.12,0.38,0.48,0.78,0,1,0,0,0,1,1500',
  ].join('\n') + '\n';
