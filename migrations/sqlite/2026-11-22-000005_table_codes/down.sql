DROP TABLE table_codes;
