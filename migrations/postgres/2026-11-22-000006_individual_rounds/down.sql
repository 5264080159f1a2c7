DROP TABLE individual_rounds;
DROP TABLE individual_options;
