from lost_cities.cli import main

raise SystemExit(main())
