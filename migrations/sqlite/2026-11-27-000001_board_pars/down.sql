DROP TABLE board_pars;
