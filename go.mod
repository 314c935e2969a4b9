module benchpuzzles

go 1.23
