DROP TABLE duet_choices;
